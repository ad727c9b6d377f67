import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OkEmpty, okOf } from '../http';
import { ProjectPerm } from './project';

/** Project config: who writes, reviews and translates; notices; review rule; translation on or off. */
export const NOTICE_TYPES = ['email', 'system'] as const;
export const REVIEW_RULES = ['all', 'one'] as const;
const mustSelect = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ message: 'work.mustSelect' }).int().positive({ message: 'work.mustSelect' }),
);

export const ProjectConfigBody = z.object({
  projectId: z.number().int().positive().describe('id of a project (GET /ccms/project/list)'),
  writerId: mustSelect.describe('user id of the writer'),
  writeReviewerId: mustSelect.describe('user id of the reviewer of the writing'),
  translatorId: mustSelect.describe('user id of the translator'),
  translateReviewerId: mustSelect.describe('user id of the reviewer of the translation'),
  notice: z.boolean().default(false),
  noticeType: z.enum(NOTICE_TYPES).default('system').describe('how people are notified: email or system message'),
  reviewRule: z.enum(REVIEW_RULES).default('all').describe('all: every reviewer must approve; one: any one reviewer suffices'),
  existTranslate: z.boolean().default(false),
});
export type ProjectConfigBody = z.infer<typeof ProjectConfigBody>;

export const ProjectConfig = z.object({
  projectId: z.number(),
  writerId: z.number().nullable(),
  writeReviewerId: z.number().nullable(),
  translatorId: z.number().nullable(),
  translateReviewerId: z.number().nullable(),
  notice: z.boolean(),
  noticeType: z.string(),
  reviewRule: z.string(),
  existTranslate: z.boolean(),
  /** False until someone saved the config. */
  configured: z.boolean(),
});
export type ProjectConfig = z.infer<typeof ProjectConfig>;

const ProjectIdParam = z.object({ projectId: z.coerce.number().int().positive() });
const tag = 'work/project-config';

/** The project-config API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ProjectConfigApi = {
  get: endpoint({
    method: 'GET',
    url: '/ccms/project/config/:projectId',
    access: { permission: ProjectPerm.query },
    summary: "Get a project's configuration (work item types, states, fields)",
    tag,
    params: ProjectIdParam,
    response: okOf(ProjectConfig),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/project/config',
    access: { permission: ProjectPerm.edit },
    summary: "Save a project's configuration",
    tag,
    body: ProjectConfigBody,
    response: OkEmpty,
  }),
};
