/** A uuid's text, without anchors, so that larger patterns (an object URL) are built from it. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/** Ids in paths are uuids; a malformed one names nothing, so services answer 404 before querying. */
export const isUuid = (id: string) => UUID.test(id);
