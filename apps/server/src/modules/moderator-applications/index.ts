/** The moderator applications module's public entry: other modules and the composition root import only this. */
export {
  createModeratorApplicationsService,
  type ModeratorApplicationsService,
} from './moderator-applications.service.js';
export { moderatorApplicationRoutes } from './moderator-applications.routes.js';
