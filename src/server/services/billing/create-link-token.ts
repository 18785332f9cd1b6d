import type { LinkTokenDto, SandboxPublicTokenDto } from '@shared/practice/billing';
import { genericErrors } from '@shared/messages';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { bankLinkFailure, findPracticeIdForUser } from './billing-records';

/** Plaid: a Link token for this user. Sandbox: the test banks the widget offers. */
export async function createLinkToken(ctx: ServiceContext, userId: string): Promise<LinkTokenDto> {
  await findPracticeIdForUser(ctx, userId);
  try {
    return await ctx.bankLink.createLinkToken(userId);
  } catch (error) {
    throw bankLinkFailure(ctx, error, 'link-token');
  }
}

/** Sandbox only: the public token the sandbox widget hands back, as Plaid Link would. */
export async function createSandboxPublicToken(
  ctx: ServiceContext,
  userId: string,
  input: { bankId: string; accountId: string },
): Promise<SandboxPublicTokenDto> {
  const { bankLink } = ctx;
  if (!bankLink.createSandboxPublicToken)
    throw new DomainError(404, 'not_found', genericErrors.notFound);
  await findPracticeIdForUser(ctx, userId);
  try {
    return await bankLink.createSandboxPublicToken(input.bankId, input.accountId);
  } catch (error) {
    throw bankLinkFailure(ctx, error, 'sandbox-public-token');
  }
}
