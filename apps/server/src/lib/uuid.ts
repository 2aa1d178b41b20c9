const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are uuids: anything else finds nothing, without asking the database (which would reject it). */
export const isUuid = (s: string) => UUID.test(s);
