/**
 * Alarms administration (issue 9): the searchable list of a factory's alarms, and a server-sent
 * event stream for live delivery (the shell keeps polling `alarm/feed` where SSE is unavailable).
 */
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { AlarmSearch } from '../../model/alarm';
import { alarm } from '../../model/contract/alarm';
import type { DB } from '../db/types';
import type { RequestContext } from '../http';
import { serve } from '../serve';
import { sendWorkbook } from '../engine/io/download';
import { dayAt, requestOffset } from '../dates';
import { pageOf } from '../db/page';
import { placeOf, toItem } from './routes';
import { alarmsAfter, lastSeq, searchedAlarms } from './store';

/** How often the stream looks for new alarms; the database is the one source every process shares. */
const STREAM_TICK_MS = 1000;

/** An export holds at most this many alarms, newest first. */
const EXPORT_MAX = 10_000;

/** The current factory's alarms matching the search (page and export share it). */
const searched = (db: Kysely<DB>, ctx: RequestContext, query: AlarmSearch) => searchedAlarms(db, placeOf(ctx), query);

export function alarmAdminRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; streamTickMs?: number }): void {
  const { db } = opts;
  const tick = opts.streamTickMs ?? STREAM_TICK_MS;

  serve(app, alarm.page, async ({ ctx, query }) => {
    const base = searched(db, ctx, query);
    return pageOf(
      query,
      (limit, offset) =>
        base.selectAll().orderBy('occurred_at', 'desc').orderBy('seq', 'desc').limit(limit).offset(offset).execute(),
      () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      toItem,
    );
  });

  serve(app, alarm.export, async ({ ctx, query, reply, tr, request }) => {
    const rows = await searched(db, ctx, query)
      .selectAll()
      .orderBy('occurred_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(EXPORT_MAX)
      .execute();
    const offset = requestOffset(request);
    // Times as spreadsheet dates in the user's wall-clock time (a spreadsheet's date has no zone).
    const wallClock = (v: unknown) =>
      typeof v === 'string' && !Number.isNaN(Date.parse(v))
        ? new Date(Date.parse(v) - (offset ?? 0) * 60_000)
        : (v ?? '');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('alarms');
    const columns = [
      'number',
      'type',
      'sourceSystem',
      'sourceNumber',
      'projectCode',
      'projectName',
      'description',
      'level',
      'occurredAt',
      'acknowledgedAt',
    ] as const;
    sheet.addRow(columns.map((c) => tr.tm(`alarm.${c}`)));
    for (const r of rows.map(toItem)) {
      sheet.addRow(
        columns.map((c) =>
          c === 'level'
            ? tr.tm(`enum.alarmLevel.${r.level}`)
            : c === 'occurredAt' || c === 'acknowledgedAt'
              ? wallClock(r[c])
              : (r[c] ?? ''),
        ),
      );
    }
    sheet.columns.forEach((c, i) => {
      c.width = i === 6 ? 48 : 20;
    });
    for (const c of [9, 10]) sheet.getColumn(c).numFmt = 'yyyy-mm-dd hh:mm:ss';
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const date = dayAt(new Date(), offset);
    return sendWorkbook(
      reply,
      { name: `${tr.tm('alarm._title')}-${date}.xlsx`, fallback: `alarms-${date}.xlsx` },
      buffer,
    );
  });

  serve(app, alarm.stream, async ({ ctx, request, reply }) => {
    const at = placeOf(ctx);
    let cursor = await lastSeq(db, at);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 5000\n: open\n\n`);
    let closed = false;
    let busy = false;
    const poll = async () => {
      if (closed || busy) return;
      busy = true;
      try {
        const rows = await alarmsAfter(db, at, cursor, 100);
        for (const r of rows) {
          cursor = String(r.seq);
          if (!closed) res.write(`id: ${cursor}\nevent: alarm\ndata: ${JSON.stringify(toItem(r))}\n\n`);
        }
        if (!rows.length && !closed) res.write(': ping\n\n');
      } catch (err) {
        request.log.warn({ err }, 'alarm stream poll failed');
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => {
      void poll();
    }, tick);
    const stop = () => {
      closed = true;
      clearInterval(timer);
    };
    request.raw.on('close', stop);
    res.on('close', stop);
    return reply;
  });
}
