import { envelopeOf, ok, pageOf, type ListQueryBase, type Page, type Permission } from '@pos/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { keysetPage, sendCsv, type CsvColumn, type KeysetSpec } from '../../lib/keyset';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One console list, described once: who may read it, its query and row schemas, the keyset read
 * of the filtered list, and (for a list the console downloads) the columns of its CSV/xlsx file.
 */
export interface AdminList<Q extends z.ZodType<ListQueryBase>, R, Row extends z.ZodType> {
  permission: Permission;
  summary: string;
  querystring: Q;
  /** One row of the page as the answer declares it. */
  row: Row;
  /** The filtered list as a keyset read (sorts, cursor and page size come from the query). */
  list: (
    query: z.infer<Q>,
    db: Db,
    request: FastifyRequest,
  ) => KeysetSpec<R> | Promise<KeysetSpec<R>>;
  /**
   * format=csv downloads the whole filtered list with these columns, as CSV or, with file=xlsx,
   * as a sheet (written in the background past the synchronous limit); the same keyset pages.
   */
  csv?: {
    columns: CsvColumn<R>[];
    fileName: string | ((query: z.infer<Q>) => string);
  };
}

/** What a page adds to its rows after the read (e.g. each operation's SN runs). */
type Pager<R, Row extends z.ZodType> = (db: Db, page: Page<R>) => Promise<Page<z.output<Row>>>;

/**
 * Declares `GET path` for a console list: the keyset page as `{ rows, nextCursor, total? }` in
 * the usual envelope, and, when the list has a file, its CSV/xlsx download on format=csv. Every
 * admin list route is declared through this, so they page, sort and export alike.
 *
 * A list whose read rows become the answer's rows only with what each page adds gives `page`;
 * any other list's read rows must already be the answer's rows.
 */
export function listRoute<Q extends z.ZodType<ListQueryBase>, R, Row extends z.ZodType>(
  app: App,
  path: string,
  list: AdminList<Q, R, Row> & { page: Pager<R, Row> },
): void;
export function listRoute<
  Q extends z.ZodType<ListQueryBase>,
  R extends z.output<Row>,
  Row extends z.ZodType,
>(app: App, path: string, list: AdminList<Q, R, Row> & { page?: Pager<R, Row> }): void;
export function listRoute<Q extends z.ZodType<ListQueryBase>, R, Row extends z.ZodType>(
  app: App,
  path: string,
  list: AdminList<Q, R, Row> & { page?: Pager<R, Row> },
) {
  app.get(
    path,
    {
      config: { permission: list.permission },
      schema: {
        tags: ['admin'],
        summary: list.summary,
        security: [{ bearer: [] }],
        querystring: list.querystring,
        response: { 200: envelopeOf(pageOf(list.row)) },
      },
    },
    async (request, reply) => {
      // The query has been parsed by `querystring` before the handler runs.
      const query = request.query as z.infer<Q>;
      const spec = await list.list(query, app.db, request);
      if (list.csv && query.format === 'csv') {
        const { columns, fileName } = list.csv;
        return sendCsv(
          reply,
          app.db,
          spec,
          query,
          columns,
          typeof fileName === 'function' ? fileName(query) : fileName,
        );
      }
      const page = await keysetPage(app.db, spec, query);
      // Without a pager the read rows are the answer's rows (the second overload holds them so).
      return ok(list.page ? await list.page(app.db, page) : (page as Page<z.output<Row>>));
    },
  );
}
