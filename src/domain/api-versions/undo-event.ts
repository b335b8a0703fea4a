import { child, componentMessages, findEventMessage, isObject, type Json } from './places.js';
import type { Instruction } from './records.js';
import { PlaceProblem } from './undo-schema.js';

const problem = (message: string): never => {
  throw new PlaceProblem(message);
};

const CHANNEL_MESSAGE = /^#\/channels\/([^/]+)\/messages\/([^/]+)$/;

/**
 * Undoes an instruction on an AsyncAPI event: its message, the channel's entry for it and the
 * operations that send it. Its payload's properties are changed through `schema:` instructions.
 */
export function undoEventChange(doc: Json, i: Instruction & { event: string }): void {
  const key = findEventMessage(doc, i.event);
  if (i.existed) {
    if (key !== undefined) problem('exists already (existed restores a removed one)');
    return restoreEvent(doc, i.event, i.existed);
  }
  if (key === undefined) return problem('no such event');
  if (!i.didnt_exist) return problem('an event takes didnt_exist or existed');
  removeEvent(doc, key);
}

function removeEvent(doc: Json, key: string): void {
  const messageRef = `#/components/messages/${key}`;
  const removed = new Set<string>();
  for (const [channelName, channel] of Object.entries(child(doc, 'channels') ?? {})) {
    const messages = isObject(channel) ? child(channel, 'messages') : undefined;
    for (const [entry, ref] of Object.entries(messages ?? {})) {
      if (!isObject(ref) || ref.$ref !== messageRef) continue;
      delete messages![entry];
      removed.add(`#/channels/${channelName}/messages/${entry}`);
    }
  }
  const operations = child(doc, 'operations') ?? {};
  for (const [id, operation] of Object.entries(operations)) {
    if (!isObject(operation) || !Array.isArray(operation.messages)) continue;
    const kept = operation.messages.filter((m) => !(isObject(m) && removed.has(String(m.$ref))));
    if (kept.length === operation.messages.length) continue;
    if (kept.length) operation.messages = kept;
    else delete operations[id];
  }
  delete componentMessages(doc)![key];
}

/**
 * `existed` on an event: `{operation_id, operation, message}`. The operation's first message
 * reference (`#/channels/<channel>/messages/<key>`) says where the message goes back.
 */
function restoreEvent(doc: Json, event: string, existed: Json): void {
  const { operation_id: id, operation, message } = existed;
  if (typeof id !== 'string' || !isObject(operation) || !isObject(message)) {
    return problem('existed on an event is {operation_id, operation, message}');
  }
  if (message.name !== event) problem(`the message's name is not ${event}`);
  const first = Array.isArray(operation.messages) ? operation.messages[0] : undefined;
  const match = CHANNEL_MESSAGE.exec(isObject(first) ? String(first.$ref) : '');
  if (!match) return problem('the operation names no #/channels/<channel>/messages/<key>');
  const [, channelName, key] = match as unknown as [string, string, string];
  const channel = child(doc, 'channels')?.[channelName];
  if (!isObject(channel)) return problem(`no channel ${channelName}`);
  const operations = child(doc, 'operations', true)!;
  if (operations[id] !== undefined) problem(`operation ${id} exists already`);
  componentMessages(doc, true)![key] = structuredClone(message);
  child(channel, 'messages', true)![key] = { $ref: `#/components/messages/${key}` };
  operations[id] = structuredClone(operation);
}
