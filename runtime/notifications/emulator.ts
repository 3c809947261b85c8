/**
 * The notifications emulator's plug-in: the one operation no `x-resource` annotation states.
 * Sending records the notification with the topics whose enabled rules take its event type from
 * its source (for tests to inspect); the sources, topics and templates are the resource
 * engine's (runtime/emulator/engine.ts), read from the document.
 */
import { json, type Context } from "../emulator/app.js";
import { engineDefinition, type EngineState, type Partition, type Plugin } from "../emulator/engine.js";

export interface SentNotification {
  notification_id: string;
  notification: Record<string, unknown>;
  topics: string[];
  received_at: string;
}

/** What the send plug-in keeps for inspection (runtime/emulator/ASSUMPTIONS.md, "Caps"). */
const NOTIFICATIONS_CAPS = {
  /** Sent notifications kept, across instances; the oldest is dropped first. */
  storedNotifications: 1_000,
  /** Bytes of sent notifications kept (their JSON), across instances; the oldest is dropped first. */
  storedNotificationBytes: 32 * 1024 * 1024,
};

export interface NotificationsState extends EngineState {
  caps: EngineState["caps"] & Record<keyof typeof NOTIFICATIONS_CAPS, number>;
  /** Every stored notification in send order, with its size: the oldest goes first past a cap. */
  sentLog: Array<{ partition: Partition; bytes: number }>;
  sentBytes: number;
}

/** Keeps the stored notifications within their caps, dropping the oldest (of any instance) first; what it dropped, oldest first. */
function remember(state: NotificationsState, partition: Partition, bytes: number): Array<{ entry: { partition: Partition; bytes: number }; sent: SentNotification }> {
  const dropped = [];
  state.sentLog.push({ partition, bytes });
  state.sentBytes += bytes;
  while (state.sentLog.length > state.caps.storedNotifications || (state.sentBytes > state.caps.storedNotificationBytes && state.sentLog.length > 1)) {
    const oldest = state.sentLog.shift()!;
    state.sentBytes -= oldest.bytes;
    dropped.push({ entry: oldest, sent: oldest.partition.sent.shift() as SentNotification });
  }
  return dropped;
}

/** Takes a send back (an answer refused as an emulator bug): its notification out, what it pushed out back in front. */
function forget(state: NotificationsState, partition: Partition, sent: SentNotification, bytes: number, dropped: ReturnType<typeof remember>): void {
  const at = (partition.sent as SentNotification[]).lastIndexOf(sent);
  if (at >= 0) {
    (partition.sent as SentNotification[]).splice(at, 1);
    const logged = state.sentLog.findLastIndex((e) => e.partition === partition && e.bytes === bytes);
    if (logged >= 0) state.sentLog.splice(logged, 1);
    state.sentBytes -= bytes;
  }
  for (const { entry, sent: old } of [...dropped].reverse()) {
    state.sentLog.unshift(entry);
    state.sentBytes += entry.bytes;
    (entry.partition.sent as SentNotification[]).unshift(old);
  }
}

/** Records a caller gives per instance (`seed.instances`), completed as the document's create would leave them. */
export interface NotificationsSeed {
  instances?: Record<string, { sources?: Array<Record<string, unknown>>; topics?: Array<Record<string, unknown>>; templates?: Array<Record<string, unknown>> }>;
}

export const notificationsPlugin: Plugin<NotificationsState> = {
  caps: NOTIFICATIONS_CAPS,
  extend(base, options, engine) {
    const state: NotificationsState = { ...base, caps: base.caps as NotificationsState["caps"], sentLog: [], sentBytes: 0 };
    const now = new Date(0).toISOString();
    for (const [instance, seed] of Object.entries(((options.seed ?? {}) as NotificationsSeed).instances ?? {})) {
      const partition = engine.partition(state, instance, notificationsPlugin);
      for (const [resource, given] of [["source", seed.sources], ["topic", seed.topics], ["template", seed.templates]] as const) {
        const records = partition.records.get(resource) ?? partition.records.set(resource, new Map()).get(resource)!;
        for (const [i, record] of (given ?? []).entries()) {
          const id = String(record.id ?? `${resource}-${i + 1}`);
          records.set(id, { name: `${resource} ${i + 1}`, created_at: now, updated_at: now, ...(resource === "source" ? { enabled: true, type: "api" } : {}), ...(resource === "topic" ? { sources: [] } : {}), ...structuredClone(record), id });
        }
      }
    }
    return state;
  },
  partition: (partition) => void (partition.sent = [] as SentNotification[]),
  operations: {
    sendNotifications(ctx: Context<NotificationsState>, engine) {
      const partition = engine.partitionOf(ctx.state, ctx as never, { partition: ["instance_id"] }, notificationsPlugin);
      const notification = ctx.input.body as Record<string, unknown>;
      // svcensourceid is "<source id>:<source type>" (the document's example); the id routes it.
      const sourceId = String(notification.svcensourceid ?? notification.source).replace(/:[^:]*$/, "");
      const sources = partition.records.get("source");
      const topics = [...(partition.records.get("topic")?.values() ?? [])]
        .filter((t) =>
          (t.sources ?? []).some((s: any) => s.id === sourceId && sources?.get(s.id)?.enabled !== false && (s.rules ?? []).some((r: any) => r.enabled !== false && String(r.event_type_filter).includes(String(notification.type)))),
        )
        .map((t) => String(t.id));
      const id = ctx.uuid();
      const sent: SentNotification = { notification_id: id, notification, topics, received_at: new Date(ctx.now()).toISOString() };
      const bytes = JSON.stringify(notification).length;
      (partition.sent as SentNotification[]).push(sent);
      const dropped = remember(ctx.state, partition, bytes);
      ctx.undo?.(() => forget(ctx.state, partition, sent, bytes, dropped));
      return json(202, { notification_id: id });
    },
  },
};

/** The notifications emulator: the resource engine over the document, with the send plug-in. */
export const defineEmulator = (serviceId: string, document: unknown) => engineDefinition(serviceId, document, notificationsPlugin);
