import type { FastifyPluginCallback } from 'fastify';

export interface Tracing {
  /** Registered first in the app, so that every route and hook after it gets spans. */
  plugin: FastifyPluginCallback;
  /** Sends the spans still queued and stops the SDK. */
  shutdown(): Promise<void>;
}

/** The OTLP/HTTP endpoint from the standard OpenTelemetry variables, or null when tracing is off. */
export function tracingEndpoint(env: NodeJS.ProcessEnv): string | null {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return null;
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || null;
}

/**
 * OpenTelemetry traces of every request (decision 131), only when an OTLP
 * endpoint is configured. Without one nothing of OpenTelemetry is even loaded:
 * the SDK is imported here on demand, so the default costs nothing.
 * The exporter reads the other OTEL_* variables itself (headers, timeouts,
 * OTEL_BSP_SCHEDULE_DELAY).
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (!tracingEndpoint(env)) return null;
  const [{ NodeSDK }, { OTLPTraceExporter }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@fastify/otel'),
  ]);
  // Probes of the load balancer and Prometheus every few seconds would bury the real requests.
  const instrumentation = new FastifyOtelInstrumentation({
    ignorePaths: (route: { url: string }) => ['/api/health', '/api/ready', '/api/metrics'].includes(route.url),
  });
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'buchbar',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [instrumentation],
  });
  sdk.start();
  return { plugin: instrumentation.plugin() as FastifyPluginCallback, shutdown: () => sdk.shutdown() };
}
