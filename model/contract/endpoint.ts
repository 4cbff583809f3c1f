/**
 * One HTTP operation of the API, declared once: the server registers its route from it, the OpenAPI
 * document describes it, and the shell and sub-apps call it through the typed client (client.ts).
 * Paths are under `/api` and written the server's way (`/platform-system/notice/:id`).
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** How the route authenticates: bearer token, Basic web-client credentials (before login), or none. */
export type AuthMode = 'bearer' | 'client' | 'none';

/** Media types of file answers, by the name the declarations use. */
export const MEDIA = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zpl: 'application/vnd.zebra.zpl',
  json: 'application/json',
  text: 'text/plain',
  html: 'text/html',
  octet: 'application/octet-stream',
  events: 'text/event-stream',
} as const;
export type Media = keyof typeof MEDIA;

/** What a JSON operation answers inside the envelope `{ code, msg, data }`. */
export interface JsonAnswer<D extends z.ZodType = z.ZodType> {
  kind: 'json';
  data: D;
  /** Success statuses besides 200, each with the same `data` shape (202 for a queued import). */
  also?: readonly (201 | 202)[];
}

/** A file or stream answer (downloads, previews, event streams). */
export interface FileAnswer {
  kind: 'file';
  media: readonly Media[];
}

/** A browser navigation answered with a redirect (single sign-on). */
export interface RedirectAnswer {
  kind: 'redirect';
}

export type Answer = JsonAnswer | FileAnswer | RedirectAnswer;

/** A multipart upload: its file parts and the plain fields beside them. */
export interface Multipart<F extends z.ZodObject = z.ZodObject> {
  /** File part name → whether it is required; `many` parts may repeat. */
  files: Readonly<Record<string, { required: boolean; many?: boolean; media?: readonly Media[] }>>;
  fields?: F;
}

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Pa extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Answer = Answer,
> {
  method: M;
  /** Under `/api`, with `:name` parameters. */
  path: P;
  /** Unique across the API; the name a generated client gives the call. */
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: AuthMode;
  /** The permission code the server checks before the handler; null: any signed-in user (or the handler checks). */
  permission: string | null;
  params?: Pa;
  query?: Q;
  /** JSON body. */
  body?: B;
  /** A multipart body instead of JSON. */
  multipart?: Multipart;
  answer: A;
  /** Error statuses this operation may answer besides the common ones (400, 401, 403, 404, 429). */
  errors?: readonly (409 | 413 | 415 | 422 | 502 | 503)[];
  /** Labels (namespace `model`) of fields for validation messages. */
  labels?: Readonly<Record<string, string>>;
}

type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type AnyEndpoint = Endpoint<
  Method,
  string,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  Answer
>;

type ParamsSchema<E> =
  E extends Endpoint<Method, string, infer Pa, z.ZodType | undefined, z.ZodType | undefined, Answer> ? Pa : undefined;
type QuerySchema<E> =
  E extends Endpoint<Method, string, z.ZodType | undefined, infer Q, z.ZodType | undefined, Answer> ? Q : undefined;
type BodySchema<E> =
  E extends Endpoint<Method, string, z.ZodType | undefined, z.ZodType | undefined, infer B, Answer> ? B : undefined;

/** The `data` of a JSON answer as the caller receives it. */
export type DataOf<E extends AnyEndpoint> = E['answer'] extends JsonAnswer<infer D> ? z.output<D> : never;
/** What the handler may return for a JSON answer (before serialisation). */
export type HandlerDataOf<E extends AnyEndpoint> = E['answer'] extends JsonAnswer<infer D> ? z.input<D> : never;

export type ParamsOf<E extends AnyEndpoint> = In<ParamsSchema<E>>;
export type QueryOf<E extends AnyEndpoint> = In<QuerySchema<E>>;
export type BodyOf<E extends AnyEndpoint> = In<BodySchema<E>>;
/** The plain fields beside the files of a multipart operation. */
export type FieldsOf<E extends AnyEndpoint> =
  NonNullable<E['multipart']> extends { fields: infer F } ? In<F> : undefined;
export type ParsedParams<E extends AnyEndpoint> = Out<ParamsSchema<E>>;
export type ParsedQuery<E extends AnyEndpoint> = Out<QuerySchema<E>>;
export type ParsedBody<E extends AnyEndpoint> = Out<BodySchema<E>>;

/** Declares an operation, keeping its literal types (a multipart one asks its callers for `files`). */
export function endpoint<
  const M extends Method,
  const P extends string,
  Pa extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  const A extends Answer = Answer,
  Mp extends Multipart | undefined = undefined,
>(e: Endpoint<M, P, Pa, Q, B, A> & { multipart?: Mp }): Endpoint<M, P, Pa, Q, B, A> & { multipart?: Mp } {
  return e;
}

export const json = <D extends z.ZodType>(data: D, also?: readonly (201 | 202)[]): JsonAnswer<D> =>
  also ? { kind: 'json', data, also } : { kind: 'json', data };
export const file = (...media: Media[]): FileAnswer => ({ kind: 'file', media });

/** `/platform-system/notice/:id` with `{ id }` → `/platform-system/notice/3f…` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** The OpenAPI form of a path: `:id` → `{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
