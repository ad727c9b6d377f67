import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OkEmpty, okOf } from '../http';
import { ProjectConfig, ProjectConfigBody, ProjectPerm } from './project';

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
