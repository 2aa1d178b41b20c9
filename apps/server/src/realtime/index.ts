/** Real time: the bus every instance shares, its channels, and WebSocket endpoints on the product's terms. */
export { memoryPubSub, redisPubSub, type PubSub, type RealtimeEvent } from './pubsub.js';
export { STAFF_CHANNEL, supportChatChannel, userChannel } from './channels.js';
export {
  MAX_CLIENT_MESSAGE_BYTES,
  parseClientMessage,
  registerSocketRoute,
  type SocketConnection,
  type SocketRouteHandlers,
} from './socket-route.js';
export { SESSION_ENDED_CLOSE_CODE, endsSession, publishSessionsEnded, sessionsChannel } from './session-ends.js';
export { GOING_AWAY_CLOSE_CODE, closeSocketsGoingAway } from './going-away.js';
