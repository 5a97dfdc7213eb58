import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusEvent, EventBus } from './event-bus';

const HEARTBEAT_MS = 25_000;

/**
 * Turns a request into a Server-Sent Events stream of the tenant's events
 * that pass `filter`. A comment line every 25 s keeps proxies from closing it.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply, bus: EventBus, tenantId: string, filter: (e: BusEvent) => boolean) {
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
  req.raw.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}
