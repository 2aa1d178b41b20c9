/** The reviews module's public entry: other modules and the composition root import only this. */
export { createReviewsService, type ReviewsService } from './reviews.service.js';
export { reviewRoutes } from './reviews.routes.js';
