import { CommonApi } from '@ccms/contracts/common';
import { urlOf } from '@ccms/contracts/endpoint';
import { type AxiosRequestConfig, type AxiosResponse, isAxiosError } from 'axios';
import { feedback } from '../feedback/feedback';
import { i18n } from '../i18n';
import { codeOf, http, isEnvelope } from './client';
import { messageForCode } from './errors';
import { flattenParams, type QueryParams } from './params';

const LOADING_KEY = 'ccms-download';

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A blob that is really the server's JSON error envelope. */
export const isJsonBlob = (blob: Blob) => blob.type.includes('application/json');

/**
 * The message of a failed download: if the blob holds error JSON, the text mapped from its code,
 * else its msg, else the default; otherwise the spec's download error.
 */
export async function downloadErrorMessage(data: unknown): Promise<string> {
  if (data instanceof Blob && isJsonBlob(data)) {
    try {
      const body: unknown = JSON.parse(await data.text());
      if (isEnvelope(body)) return messageForCode(codeOf(body), body.msg);
    } catch {
      // Not JSON after all: fall through to the generic text.
    }
  }
  return i18n.t('http:downloadError');
}

/** The name in the server's download-filename header, else the fallback. */
export function fileNameFrom(response: AxiosResponse<unknown>, fallback: string): string {
  const header = response.headers['download-filename'];
  if (typeof header === 'string' && header) {
    try {
      return decodeURIComponent(header);
    } catch {
      return header;
    }
  }
  return fallback;
}

async function fetchBlob(config: AxiosRequestConfig, fallbackName: string): Promise<boolean> {
  feedback.message.loading({ content: i18n.t('http:downloading'), duration: 0, key: LOADING_KEY });
  try {
    const response = await http.request<Blob>({ ...config, responseType: 'blob', repeatSubmit: false });
    const data = response.data;
    if (isJsonBlob(data)) {
      feedback.message.error(await downloadErrorMessage(data));
      return false;
    }
    saveBlob(data, fileNameFrom(response, fallbackName));
    return true;
  } catch (err) {
    feedback.message.error(await downloadErrorMessage(isAxiosError(err) ? err.response?.data : undefined));
    return false;
  } finally {
    feedback.message.destroy(LOADING_KEY);
  }
}

/**
 * POSTs params as a form (the RuoYi export convention, e.g. `download('/system/user/export', query, 'users.xlsx')`)
 * and saves the answer under fileName. Resolves true when a file was saved.
 */
export function download(url: string, params: QueryParams | object, fileName: string, config?: AxiosRequestConfig): Promise<boolean> {
  return fetchBlob(
    {
      ...config,
      url,
      method: 'post',
      data: flattenParams(params),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    },
    fileName,
  );
}

/** POSTs a JSON body and saves the answer (a file built from the body's choices); the name comes from the download-filename header. */
export function downloadJson(url: string, body: object, fallbackName: string): Promise<boolean> {
  return fetchBlob({ url, method: 'post', data: body, headers: { 'Content-Type': 'application/json' } }, fallbackName);
}

/** GET /common/download?fileName=..&delete=..: the name comes from the download-filename header. */
export function downloadByName(fileName: string, deleteAfter = true): Promise<boolean> {
  return fetchBlob({ url: urlOf(CommonApi.download), method: 'get', params: { fileName, delete: deleteAfter } }, fileName);
}

/** GET /common/download/resource?resource=..: a stored upload. */
export function downloadResource(resource: string): Promise<boolean> {
  const fallback = resource.split('/').pop() ?? 'download';
  return fetchBlob({ url: urlOf(CommonApi.downloadResource), method: 'get', params: { resource } }, fallback);
}

/** Any GET that answers with a file (zip downloads and the like). */
export function downloadGet(url: string, params: QueryParams | object | undefined, fileName: string): Promise<boolean> {
  return fetchBlob({ url, method: 'get', params }, fileName);
}
