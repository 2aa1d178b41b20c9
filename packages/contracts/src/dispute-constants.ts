/**
 * The dispute values the web shows without Zod: the types and resolutions with their labels, and the
 * text limits. The schemas in `disputes.ts` are built on these (their one home).
 */
export const DISPUTE_TYPES = [
  'goods_not_received',
  'quality_issue',
  'wrong_item',
  'delayed_delivery',
  'seller_unresponsive',
  'buyer_unresponsive',
  'payment_issue',
  'other',
] as const;

/** How the dispute dialog names each type. */
export const DISPUTE_TYPE_LABELS: Record<(typeof DISPUTE_TYPES)[number], string> = {
  goods_not_received: 'Goods not received',
  quality_issue: 'Quality issue',
  wrong_item: 'Wrong item',
  delayed_delivery: 'Delayed delivery',
  seller_unresponsive: 'Seller unresponsive',
  buyer_unresponsive: 'Buyer unresponsive',
  payment_issue: 'Payment issue',
  other: 'Other',
};

export const DISPUTE_RESOLUTIONS = ['release_to_seller', 'refund_buyer', 'partial_resolution'] as const;

export const DISPUTE_RESOLUTION_LABELS: Record<(typeof DISPUTE_RESOLUTIONS)[number], string> = {
  release_to_seller: 'Release funds to seller',
  refund_buyer: 'Refund buyer in full',
  partial_resolution: 'Partial refund',
};

/** The dialogs count to 1000 (spec section 9); the server stores at most this many characters. */
export const DISPUTE_TEXT_COUNTER = 1000;
export const DISPUTE_TEXT_MAX_LENGTH = 5000;
export const OFFER_MESSAGE_MAX_LENGTH = 1000;
