import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusEvent, EventBus } from './event-bus';

const HEARTBEAT_MS = 25_000;
/** Reconnect delay sent when a node shuts down: long enough for the load balancer to see it is no longer ready. */
export const SHUTDOWN_RETRY_MS = 2_000;

/** Open streams per event bus (one bus per app), so a shutting-down app can end its own. */
const openStreams = new Map<EventBus, Set<(retryMs: number) => void>>();

/** How many SSE clients this app holds (metrics). */
export function openStreamCount(bus: EventBus): number {
  return openStreams.get(bus)?.size ?? 0;
}

/**
 * Ends every stream of this app with a `retry:` hint; an EventSource then
 * reconnects after that delay and reaches a node that is still running.
 */
export function closeEventStreams(bus: EventBus, retryMs = SHUTDOWN_RETRY_MS): void {
  for (const end of [...(openStreams.get(bus) ?? [])]) end(retryMs);
}

/**
 * Turns a request into a Server-Sent Events stream of the tenant's events
 * that pass `filter`. A comment line every 25 s keeps proxies from closing it.
 */
export function openEventStream(
  req: FastifyRequest,
  reply: FastifyReply,
  bus: EventBus,
  tenantId: string,
  filter: (e: BusEvent) => boolean,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');
  const unsubscribe = bus.subscribe(tenantId, (event) => {
    if (!filter(event)) return;
    const { tenantId: _omit, ...data } = event;
    res.write(`event: ${event.topic}\ndata: ${JSON.stringify(data)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  const streams = openStreams.get(bus) ?? new Set();
  openStreams.set(bus, streams);
  const release = () => {
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(end);
  };
  const end = (retryMs: number) => {
    release();
    res.end(`retry: ${retryMs}\n\n`);
  };
  streams.add(end);
  req.raw.on('close', release);
}
