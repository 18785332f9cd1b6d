/// <reference types="vite/client" />

declare const __CONTACT__: { email: string; phone: string; address: string };
declare const __PAY_TERMS__: {
  feeBasisPoints: number;
  lateCancelMinutes: number;
  lateCancelWindowHours: number;
};
