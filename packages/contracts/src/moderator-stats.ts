import { z } from 'zod';

/** The public record of decided disputes (GET /api/moderators/stats, the /moderators page). */
export const MODERATOR_STATS_WINDOW_DAYS = 90;

/** Decided cases and how they ended, as whole percentages of `decided` (0 when none). */
export const ZDecisionFigures = z.object({
  decided: z.number().int(),
  /** Median time from the dispute's opening to its resolution, in seconds; null when nothing was decided. */
  medianSecondsToDecision: z.number().nullable(),
  releasedPercent: z.number().int(),
  refundedPercent: z.number().int(),
  splitPercent: z.number().int(),
});
export type TDecisionFigures = z.infer<typeof ZDecisionFigures>;

export const ZModeratorStats = z.object({
  windowDays: z.number().int(),
  /** Every case resolved in the window, settled by agreement included. */
  platform: ZDecisionFigures,
  /** Each moderator's own decisions, by display name only (first name and last initial), most decided first. */
  moderators: z.array(ZDecisionFigures.extend({ name: z.string() })),
});
export type TModeratorStats = z.infer<typeof ZModeratorStats>;
