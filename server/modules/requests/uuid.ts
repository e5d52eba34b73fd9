const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are uuids; a malformed one names nothing, so services answer 404 before querying. */
export const isUuid = (id: string) => UUID.test(id);
