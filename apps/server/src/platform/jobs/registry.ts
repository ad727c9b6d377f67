import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Storage } from '../storage/storage';

/** What a handler gets besides its parameters. */
export interface JobContext {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  jobId: number | null;
  jobName: string;
}

/** A handler's report: a message key with its values (translated when the log is read), or plain text. */
export type JobMessage = string | { key: string; params?: Record<string, string | number> };

interface Texts {
  zh: string;
  en: string;
}

export interface ParamDoc {
  name: string;
  type: string;
  required: boolean;
  description: Texts;
}

/** A handler as the runner and the job form see it; parameters are checked before every run. */
export interface JobHandler {
  name: string;
  description: Texts;
  params: ParamDoc[];
  example: Record<string, unknown>;
  /** The first problem with the parameters, its path starting at invokeParams; null when they are fine. */
  check(raw: unknown): z.core.$ZodIssue | null;
  run(raw: unknown, ctx: JobContext): Promise<JobMessage>;
}

export interface JobHandlerSpec<S extends z.ZodType> {
  name: string;
  description: Texts;
  schema: S;
  params?: ParamDoc[];
  example?: Record<string, unknown>;
  run(params: z.output<S>, ctx: JobContext): Promise<JobMessage>;
}

/** How a handler's report is kept in sys_job_log.job_message: message objects as JSON, text as is. */
export const encodeJobMessage = (message: JobMessage) => (typeof message === 'string' ? message : JSON.stringify(message));

/** A stored report in the reader's language; text that is not an encoded message comes back unchanged. */
export function decodeJobMessage(stored: string, lang: Language): string {
  if (!stored.startsWith('{')) return stored;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (parsed && typeof parsed === 'object' && 'key' in parsed && typeof parsed.key === 'string') {
      const params = 'params' in parsed && parsed.params && typeof parsed.params === 'object' ? (parsed.params as Record<string, string | number>) : {};
      return translate(lang, parsed.key, params);
    }
  } catch {
    // not JSON after all: shown as written
  }
  return stored;
}

/**
 * A handler under a name that sys_job.invoke_target can hold. Names only, never a class/method
 * string: the database cannot make the server call arbitrary code.
 */
export function defineJobHandler<S extends z.ZodType>(spec: JobHandlerSpec<S>): JobHandler {
  if (!/^[\w.-]{1,100}$/.test(spec.name)) throw new Error(`job handler name "${spec.name}" must be 1-100 letters, digits, _ . -`);
  return {
    name: spec.name,
    description: spec.description,
    params: spec.params ?? [],
    example: spec.example ?? {},
    check(raw) {
      const parsed = spec.schema.safeParse(raw ?? {}, { reportInput: true });
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      if (!issue) return null;
      const path = ['invokeParams', ...issue.path];
      // Unknown keys are named by their full path too, so the form can point at them.
      if (issue.code === 'unrecognized_keys') return { ...issue, path, keys: issue.keys.map((k) => [...path, k].join('.')) };
      return { ...issue, path };
    },
    async run(raw, ctx) {
      return spec.run(spec.schema.parse(raw ?? {}), ctx);
    },
  };
}

/** The handlers one app can run: the platform's own, and those its area plugins register. */
export interface JobRegistry {
  /** Adds a handler; a second handler under the same name is a programming error. */
  register<S extends z.ZodType>(spec: JobHandlerSpec<S>): JobHandler;
  handler(name: string): JobHandler | undefined;
  /** Every handler, by name. */
  handlers(): JobHandler[];
}

export function jobRegistry(initial: JobHandler[] = []): JobRegistry {
  const byName = new Map<string, JobHandler>();
  const add = (handler: JobHandler) => {
    if (byName.has(handler.name)) throw new Error(`job handler "${handler.name}" is registered twice`);
    byName.set(handler.name, handler);
    return handler;
  };
  for (const handler of initial) add(handler);
  return {
    register: (spec) => add(defineJobHandler(spec)),
    handler: (name) => byName.get(name),
    handlers: () => [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}
