import { z } from 'zod';
import { endpoint } from '../endpoint';
import { IdList, OkEmpty, okOf, rowsOf } from '../http';
import { Link, LinkBody, LinkQuery, LinkUpdate, LinkVerifyBody, RegulationRelationPerm } from './regulation';

const tag = 'compliance/relationship';

/** The link API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const LinkApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/regulationRelation/list',
    access: { permission: RegulationRelationPerm.list },
    summary: 'List links of clauses to content and requirements (by regulation, clause or topic); flags changed topics first',
    tag,
    query: LinkQuery,
    response: rowsOf(Link),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/regulationRelation',
    access: { permission: RegulationRelationPerm.add },
    summary: 'Link a clause to a document, topic, topic element or requirement',
    tag,
    body: LinkBody,
    response: okOf(z.object({ linkId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/regulationRelation',
    access: { permission: RegulationRelationPerm.edit },
    summary: 'Change the means of compliance or comment of a link',
    tag,
    body: LinkUpdate,
    response: OkEmpty,
  }),
  verify: endpoint({
    method: 'PUT',
    url: '/ccms/regulationRelation/verify',
    access: { permission: RegulationRelationPerm.edit },
    summary: 'Mark flagged links verified again',
    tag,
    body: LinkVerifyBody,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/regulationRelation/:ids',
    access: { permission: RegulationRelationPerm.remove },
    summary: 'Delete links',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
