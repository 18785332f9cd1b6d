/** Money: a professional's earnings and payout account, the staff's money console. */
export const moneyKeys = {
  earnings: (year: number | undefined) => ['professional', 'earnings', year ?? 'current'],
  earningsAll: ['professional', 'earnings'],
  payoutAccount: ['professional', 'payout-account'],
  adminMoney: (search: string, status: string) => ['admin', 'money', search, status],
  adminMoneyAll: ['admin', 'money'],
} as const;
