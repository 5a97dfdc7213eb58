import {
  evaluationQuery,
  exportFormat,
  OFFICE_TABLES,
  officeEvaluationResponse,
  VEHICLE_TABLES,
  vehicleEvaluationResponse,
  vehicleMonthsQuery,
  vehicleMonthsResponse,
} from '@contracts/evaluation';
import { ACCESS } from '@domain/route-access';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { type ExportFile, exportFile, officeTable, vehicleMonthsTable, vehicleTable } from './evaluation-export';
import { officeEvaluation } from './office-evaluation';
import { vehicleEvaluation, vehicleMonths, vehicleMonthTable } from './vehicle-evaluation';

const tags = ['evaluation'];

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Büroauslastung and Auswertung (decisions 060, 061): figures as JSON, every table as CSV or Excel. */
export const evaluationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/evaluation/office',
      {
        // evaluation and office utilisation
        config: { access: ACCESS.officeUtilisation },
        schema: { tags, summary: 'Büroauslastung im Zeitraum', querystring: evaluationQuery, response: { 200: officeEvaluationResponse } },
      },
      async (req) => officeEvaluation(deps, await requireUser(deps, req), req.query),
    );
    app.get(
      '/api/admin/evaluation/office/export',
      {
        config: { access: ACCESS.officeUtilisation },
        schema: {
          tags,
          summary: 'Eine Tabelle der Büroauslastung als CSV oder Excel',
          querystring: evaluationQuery.extend({ table: z.enum(OFFICE_TABLES), format: exportFormat }),
        },
      },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        const data = await officeEvaluation(deps, user, req.query);
        const file = await exportFile(
          officeTable(data, req.query.table),
          `bueroauslastung_${req.query.table}`,
          data.from,
          data.to,
          req.query.format,
        );
        return sendFile(reply, file);
      },
    );
    app.get(
      '/api/admin/evaluation/vehicles',
      {
        config: { access: ACCESS.vehicleEvaluation },
        schema: {
          tags,
          summary: 'Auswertung der Fahrzeuge im Zeitraum',
          querystring: evaluationQuery,
          response: { 200: vehicleEvaluationResponse },
        },
      },
      async (req) => vehicleEvaluation(deps, await requireUser(deps, req), req.query),
    );
    app.get(
      '/api/admin/evaluation/vehicles/export',
      {
        config: { access: ACCESS.vehicleEvaluation },
        schema: {
          tags,
          summary: 'Eine Tabelle der Fahrzeugauswertung als CSV oder Excel',
          querystring: evaluationQuery.extend({ table: z.enum(VEHICLE_TABLES), format: exportFormat }),
        },
      },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        const { table, format } = req.query;
        if (table === 'monate') {
          const data = await vehicleMonthTable(deps, user, req.query);
          return sendFile(reply, await exportFile(vehicleMonthsTable(data.rows), `auswertung_${table}`, data.from, data.to, format));
        }
        const data = await vehicleEvaluation(deps, user, req.query);
        return sendFile(reply, await exportFile(vehicleTable(data, table), `auswertung_${table}`, data.from, data.to, format));
      },
    );
    app.get(
      '/api/admin/evaluation/vehicles/months',
      {
        config: { access: ACCESS.vehicleEvaluation },
        schema: {
          tags,
          summary: 'Die Monate eines Fahrzeugs im Zeitraum',
          querystring: vehicleMonthsQuery,
          response: { 200: vehicleMonthsResponse },
        },
      },
      async (req) => vehicleMonths(deps, await requireUser(deps, req), req.query),
    );
  };
