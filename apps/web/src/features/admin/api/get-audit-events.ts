import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TAuditEvent } from '@holdfast/contracts';
import { fetchPage, nextCursorOf } from '@/lib/paging';

/** The Audit tab's filters, as GET /api/admin/audit takes them (empty strings send nothing). */
export interface AuditFilters {
  action: string;
  actor: string;
  subjectType: string;
  subjectId: string;
  /** Instants (ISO), already turned from the admin's local days into a range. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  action: '',
  actor: '',
  subjectType: '',
  subjectId: '',
  from: '',
  to: '',
};

export const AUDIT_KEY = ['/api/admin/audit'] as const;

/** GET /api/admin/audit: the audit trail, newest first, a page at a time (admins only). */
export const getAuditEvents = (filters: AuditFilters, cursor?: string | null) =>
  fetchPage<TAuditEvent>('/api/admin/audit', { ...filters }, cursor);

export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...AUDIT_KEY, filters],
    queryFn: ({ pageParam }) => getAuditEvents(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export const useAuditEvents = (filters: AuditFilters) => useInfiniteQuery(auditEventsQueryOptions(filters));
