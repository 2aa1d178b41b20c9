/** The admin module's public entry. */
export { createAdminService, type AdminService } from './admin.service.js';
export { adminRoutes } from './admin.routes.js';
export { createAdminJobsService, type AdminJobsService } from './admin.jobs.service.js';
export { createAdminUsersService, type AdminUsersService } from './admin.users.service.js';
