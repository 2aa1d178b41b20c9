/**
 * The timers of an escrow deal (DESIGN section 4): the one home for their numbers. The server's jobs
 * and rules and the web's texts read them from here. A disputed transaction never moves by a timer.
 */
export const ESCROW_TIMERS = {
  /** The buyer's inspection period after delivery, chosen at creation. */
  inspectionDays: { min: 1, max: 30, default: 3 },
  /** A transaction nobody funded is cancelled this many days after creation. */
  unfundedCancelDays: 7,
  /** A funded transaction the seller has not accepted is cancelled and refunded this many days after funding. */
  unacceptedCancelDays: 7,
  /**
   * The buyer may cancel and be refunded when an accepted, funded deal is not marked delivered this many
   * days after the expected delivery date (or after acceptance when no date was given).
   */
  lateDeliveryGraceDays: 7,
  /** The buyer is reminded this many hours before the inspection period ends. */
  inspectionReminderHours: 24,
} as const;

export const TRACKING_REFERENCE_MAX_LENGTH = 200;
export const DELIVERY_MESSAGE_MAX_LENGTH = 1000;
