import type { Context } from 'hono';
import { z } from 'zod';
import { moneyMessages } from '@shared/money/money-texts';
import { practiceMoneyReply } from '@shared/money/money-replies';
import { contentDisposition } from '../../services/files/file-names';
import { invoicePdf, receiptPdf } from '../../services/money/invoice-document';
import { practiceMoneyJson } from '../../services/money/practice-money';
import { jsonText } from '../http';
import type { AudienceEnv } from '../contract/actors';
import { declareRoutes, idParam, jsonAnswer } from '../contract/declare-routes';
import { enforceRateLimits } from '../rate-limits';

const { router, route } = declareRoutes('practice');

const pdfAnswer = {
  description: 'The PDF, as a download',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
} as const;

function pdfResponse(
  c: { header: (name: string, value: string) => void; body: (data: Uint8Array) => Response },
  pdf: Buffer,
  name: string,
) {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Length', String(pdf.length));
  c.header('Content-Disposition', contentDisposition('attachment', name));
  c.header('Cache-Control', 'private, no-store');
  return c.body(new Uint8Array(pdf));
}

/** Each document is drawn on request: a practice gets a generous, bounded number. */
const documentsPerUser = { max: 120, windowSeconds: 10 * 60 };

async function limitDocuments(c: Context<AudienceEnv<'practice'>>) {
  await enforceRateLimits(c, [[`money-documents:user:${c.var.actor.userId}`, documentsPerUser]]);
}

/**
 * The practice's money (mounted at /api/practice/billing): its charges and weekly invoices, each
 * invoice and each charge's receipt as a PDF. Only its own: another practice's id is a 404.
 */
export const practiceMoneyRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/money',
      summary: "The practice's charges and weekly invoices",
      responses: { 200: jsonAnswer(practiceMoneyReply, 'Charges and invoices') },
    }),
    async (c) =>
      jsonText(
        c,
        await practiceMoneyJson(c.var.services.db, c.var.actor.practiceId, c.var.actor.userId),
      ),
  )
  .openapi(
    route(
      {
        method: 'get',
        path: '/invoices/{id}/pdf',
        summary: 'A weekly invoice as a PDF',
        request: { params: z.object({ id: idParam(moneyMessages.invoiceNotFound) }) },
        responses: { 200: pdfAnswer },
      },
      { errors: [429] },
    ),
    async (c) => {
      await limitDocuments(c);
      const { id } = c.req.valid('param');
      const { pdf, fileName } = await invoicePdf(c.var.services.db, c.var.actor.practiceId, id);
      return pdfResponse(c, pdf, fileName);
    },
  )
  .openapi(
    route(
      {
        method: 'get',
        path: '/charges/{id}/receipt',
        summary: "A charge's receipt (one shift) as a PDF",
        request: { params: z.object({ id: idParam(moneyMessages.chargeNotFound) }) },
        responses: { 200: pdfAnswer },
      },
      { errors: [429] },
    ),
    async (c) => {
      await limitDocuments(c);
      const { id } = c.req.valid('param');
      const { pdf, fileName } = await receiptPdf(c.var.services.db, c.var.actor.practiceId, id);
      return pdfResponse(c, pdf, fileName);
    },
  );
