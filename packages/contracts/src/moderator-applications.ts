import { z } from 'zod';

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZApplicationStatus = z.enum(APPLICATION_STATUSES);
export type TApplicationStatus = z.infer<typeof ZApplicationStatus>;
