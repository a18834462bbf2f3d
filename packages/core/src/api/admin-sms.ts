import { z } from 'zod';
import { listQueryBase } from './admin';

// ---------------------------------------------------------------------------------------------
// The simulated SMS gateway's outbox, read by operators (only while it is the SMS provider)
// ---------------------------------------------------------------------------------------------

/** Newest first; optionally one mobile. No CSV: codes are read one by one, and each read audited. */
export const adminSmsOutboxQuery = listQueryBase.omit({ format: true }).extend({
  mobile: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '手机号码格式错误')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type AdminSmsOutboxQuery = z.infer<typeof adminSmsOutboxQuery>;

export const adminSmsOutboxRecord = z.object({
  id: z.number(),
  mobile: z.string(),
  scene: z.string(),
  code: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type AdminSmsOutboxRecord = z.infer<typeof adminSmsOutboxRecord>;
