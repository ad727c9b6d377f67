import type auth from './zh/auth';
import type common from './zh/common';
import type compliance from './zh/compliance';
import type config from './zh/config';
import type connection from './zh/connection';
import type dashboard from './zh/dashboard';
import type deliverable from './zh/deliverable';
import type dept from './zh/dept';
import type dict from './zh/dict';
import type doctype from './zh/doctype';
import type documentNs from './zh/document';
import type download from './zh/download';
import type editorConfig from './zh/editor-config';
import type errors from './zh/errors';
import type explorer from './zh/explorer';
import type flightops from './zh/flightops';
import type glossary from './zh/glossary';
import type grammar from './zh/grammar';
import type graphic from './zh/graphic';
import type http from './zh/http';
import type job from './zh/job';
import type layout from './zh/layout';
import type library from './zh/library';
import type mapEditor from './zh/map-editor';
import type menu from './zh/menu';
import type monitor from './zh/monitor';
import type notice from './zh/notice';
import type notification from './zh/notification';
import type output from './zh/output';
import type plan from './zh/plan';
import type portal from './zh/portal';
import type post from './zh/post';
import type profile from './zh/profile';
import type project from './zh/project';
import type publication from './zh/publication';
import type publishLog from './zh/publish-log';
import type release from './zh/release';
import type reviewComment from './zh/review-comment';
import type role from './zh/role';
import type s1000d from './zh/s1000d';
import type search from './zh/search';
import type shared from './zh/shared';
import type sso from './zh/sso';
import type tag from './zh/tag';
import type task from './zh/task';
import type template from './zh/template';
import type tool from './zh/tool';
import type topic from './zh/topic';
import type topicEditor from './zh/topic-editor';
import type translation from './zh/translation';
import type user from './zh/user';
import type workItem from './zh/work-item';
import type workflow from './zh/workflow';
import type xmlProfile from './zh/xml-profile';

/** The same keys as the zh resource, any text: what every other language must provide. */
export type Messages<T> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/**
 * Every namespace, typed by its zh file, named after the server module whose screens it serves
 * (`topic-editor`, `work-item`), or after the area for one shared across an area's modules
 * (`compliance`, `monitor`, `tool`) or the app (`common`, `layout`, `shared`). A new module adds its
 * zh/<ns>.ts, en/<ns>.ts and a line here; the i18n test fails when a key is missing in either language.
 */
export interface Resources {
  auth: typeof auth;
  common: typeof common;
  compliance: typeof compliance;
  config: typeof config;
  connection: typeof connection;
  dashboard: typeof dashboard;
  deliverable: typeof deliverable;
  dept: typeof dept;
  dict: typeof dict;
  doctype: typeof doctype;
  document: typeof documentNs;
  download: typeof download;
  'editor-config': typeof editorConfig;
  errors: typeof errors;
  explorer: typeof explorer;
  flightops: typeof flightops;
  glossary: typeof glossary;
  grammar: typeof grammar;
  graphic: typeof graphic;
  http: typeof http;
  job: typeof job;
  layout: typeof layout;
  library: typeof library;
  'map-editor': typeof mapEditor;
  menu: typeof menu;
  monitor: typeof monitor;
  notice: typeof notice;
  notification: typeof notification;
  output: typeof output;
  plan: typeof plan;
  portal: typeof portal;
  post: typeof post;
  profile: typeof profile;
  project: typeof project;
  publication: typeof publication;
  'publish-log': typeof publishLog;
  release: typeof release;
  'review-comment': typeof reviewComment;
  role: typeof role;
  s1000d: typeof s1000d;
  search: typeof search;
  shared: typeof shared;
  sso: typeof sso;
  tag: typeof tag;
  task: typeof task;
  template: typeof template;
  tool: typeof tool;
  topic: typeof topic;
  'topic-editor': typeof topicEditor;
  translation: typeof translation;
  user: typeof user;
  'work-item': typeof workItem;
  workflow: typeof workflow;
  'xml-profile': typeof xmlProfile;
}

export type Namespace = keyof Resources;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
