import { z } from 'zod';
import { endpoint } from '../endpoint';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '../http';
import {
  Clause,
  ClauseApplicability,
  ClauseBody,
  ClauseImportResult,
  ClauseNode,
  ClauseOutlineBody,
  ClauseQuery,
  ClauseUpdate,
  RegulationPerm,
} from './regulation';

const RegulationIdQuery = z.object({ regulationId: z.coerce.number().int().positive().describe('id of a regulation') });
const Xlsx = z.unknown().describe('an .xlsx workbook');
const tag = 'compliance/clause';

/** The clause API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ClauseApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/regulation/clause/list',
    access: { permission: RegulationPerm.query },
    summary: 'List or search the clauses of a regulation',
    tag,
    query: ClauseQuery,
    response: rowsOf(Clause),
  }),
  tree: endpoint({
    method: 'GET',
    url: '/ccms/regulation/clause/tree',
    access: { permission: RegulationPerm.query },
    summary: 'The clauses of a regulation as a tree',
    tag,
    query: RegulationIdQuery,
    response: okOf(z.array(ClauseNode)),
  }),
  importTemplate: endpoint({
    method: 'POST',
    url: '/ccms/regulation/clause/importTemplate',
    access: { permission: RegulationPerm.import },
    summary: 'Download the Excel template for importing clauses',
    tag,
    response: Xlsx,
  }),
  importData: endpoint({
    method: 'POST',
    url: '/ccms/regulation/clause/importData',
    access: { permission: RegulationPerm.import },
    summary: 'Import clauses from an Excel workbook (multipart); one bad row refuses the whole file',
    tag,
    query: RegulationIdQuery,
    response: okOf(ClauseImportResult),
  }),
  importOutline: endpoint({
    method: 'POST',
    url: '/ccms/regulation/clause/importOutline',
    access: { permission: RegulationPerm.import },
    summary: 'Import clauses from a structured text outline (numbering gives the hierarchy)',
    tag,
    body: ClauseOutlineBody,
    response: okOf(ClauseImportResult),
  }),
  applicability: endpoint({
    method: 'PUT',
    url: '/ccms/regulation/clause/applicability',
    access: { permission: RegulationPerm.edit },
    summary: 'Mark a clause not applicable (with a justification) or applicable',
    tag,
    body: ClauseApplicability,
    response: OkEmpty,
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/regulation/clause/:id',
    access: { permission: RegulationPerm.query },
    summary: 'Get a clause',
    tag,
    params: IdParam,
    response: okOf(Clause),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/regulation/clause',
    access: { permission: RegulationPerm.edit },
    summary: 'Add a clause',
    tag,
    body: ClauseBody,
    response: okOf(z.object({ clauseId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/regulation/clause',
    access: { permission: RegulationPerm.edit },
    summary: "Update a clause (a changed text flags the clause's links)",
    tag,
    body: ClauseUpdate,
    response: okOf(z.object({ flagged: z.number() })),
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/regulation/clause/:ids',
    access: { permission: RegulationPerm.edit },
    summary: 'Delete clauses without links',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
