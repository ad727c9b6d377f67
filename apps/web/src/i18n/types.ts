import type auth from './zh/auth';
import type common from './zh/common';
import type compliance from './zh/compliance';
import type config from './zh/config';
import type delivery from './zh/delivery';
import type dept from './zh/dept';
import type dict from './zh/dict';
import type doctype from './zh/doctype';
import type documentNs from './zh/document';
import type download from './zh/download';
import type editor from './zh/editor';
import type editorConfig from './zh/editorConfig';
import type errors from './zh/errors';
import type explorer from './zh/explorer';
import type flightops from './zh/flightops';
import type grammar from './zh/grammar';
import type home from './zh/home';
import type http from './zh/http';
import type job from './zh/job';
import type layout from './zh/layout';
import type library from './zh/library';
import type mapEditor from './zh/mapEditor';
import type menu from './zh/menu';
import type monitor from './zh/monitor';
import type notice from './zh/notice';
import type notification from './zh/notification';
import type plan from './zh/plan';
import type portal from './zh/portal';
import type post from './zh/post';
import type profile from './zh/profile';
import type project from './zh/project';
import type publish from './zh/publish';
import type release from './zh/release';
import type resource from './zh/resource';
import type review from './zh/review';
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
import type translation from './zh/translation';
import type user from './zh/user';
import type workitem from './zh/workitem';
import type xmlProfile from './zh/xmlProfile';

/** The same keys as the zh resource, any text: what every other language must provide. */
export type Messages<T> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/**
 * Every namespace, typed by its zh file. A new area adds its zh/<ns>.ts, en/<ns>.ts and a line
 * here; the i18n test fails when a key is missing in either language.
 */
export interface Resources {
  auth: typeof auth;
  common: typeof common;
  compliance: typeof compliance;
  config: typeof config;
  dept: typeof dept;
  dict: typeof dict;
  download: typeof download;
  doctype: typeof doctype;
  xmlProfile: typeof xmlProfile;
  grammar: typeof grammar;
  document: typeof documentNs;
  editor: typeof editor;
  editorConfig: typeof editorConfig;
  errors: typeof errors;
  explorer: typeof explorer;
  home: typeof home;
  http: typeof http;
  job: typeof job;
  layout: typeof layout;
  mapEditor: typeof mapEditor;
  library: typeof library;
  menu: typeof menu;
  monitor: typeof monitor;
  notice: typeof notice;
  delivery: typeof delivery;
  notification: typeof notification;
  portal: typeof portal;
  post: typeof post;
  profile: typeof profile;
  resource: typeof resource;
  review: typeof review;
  role: typeof role;
  s1000d: typeof s1000d;
  flightops: typeof flightops;
  search: typeof search;
  shared: typeof shared;
  sso: typeof sso;
  publish: typeof publish;
  tag: typeof tag;
  template: typeof template;
  topic: typeof topic;
  translation: typeof translation;
  user: typeof user;
  workitem: typeof workitem;
  plan: typeof plan;
  project: typeof project;
  release: typeof release;
  task: typeof task;
  tool: typeof tool;
}

export type Namespace = keyof Resources;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
