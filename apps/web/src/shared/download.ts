/**
 * File downloads for the admin screens (the request layer's helpers):
 * - `download('/system/user/export', query, 'user.xlsx')` POSTs a form and saves the answer;
 * - `downloadByName(fileName)` GETs /common/download, the name from the download-filename header;
 * - `downloadResource(path)` GETs /common/download/resource;
 * - `downloadGet(url, params, name)` any GET answering a file (zips).
 * Failures show "Error downloading file, please contact the administrator!" or the JSON error's message.
 */
export { download, downloadByName, downloadGet, downloadResource, saveBlob } from '../api/download';
