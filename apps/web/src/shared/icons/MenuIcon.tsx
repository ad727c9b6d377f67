import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  BranchesOutlined,
  BugOutlined,
  BuildOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  CodeOutlined,
  CompassOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  DownloadOutlined,
  EditOutlined,
  FileDoneOutlined,
  FileImageOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  LoginOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PartitionOutlined,
  ProfileOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SearchOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  TranslationOutlined,
  UnorderedListOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { type ComponentType, useEffect, useState } from 'react';

/**
 * The server's menu icon names (RuoYi's icon set plus CCMS areas) as antd icons. Unknown names
 * show a neutral icon; "#" and "" show none.
 */
const ICONS: Record<string, ComponentType> = {
  dashboard: DashboardOutlined,
  home: HomeOutlined,
  index: HomeOutlined,
  system: SettingOutlined,
  setting: SettingOutlined,
  user: UserOutlined,
  people: UserOutlined,
  peoples: TeamOutlined,
  team: TeamOutlined,
  'tree-table': PartitionOutlined,
  tree: ApartmentOutlined,
  post: IdcardOutlined,
  dict: BookOutlined,
  edit: EditOutlined,
  message: NotificationOutlined,
  log: FileSearchOutlined,
  form: FormOutlined,
  logininfor: LoginOutlined,
  monitor: MonitorOutlined,
  online: GlobalOutlined,
  job: ScheduleOutlined,
  redis: DatabaseOutlined,
  'redis-list': DatabaseOutlined,
  cache: DatabaseOutlined,
  server: CloudServerOutlined,
  druid: BarChartOutlined,
  chart: BarChartOutlined,
  tool: ToolOutlined,
  build: BuildOutlined,
  code: CodeOutlined,
  swagger: FileTextOutlined,
  guide: CompassOutlined,
  documentation: ReadOutlined,
  education: ReadOutlined,
  link: LinkOutlined,
  lock: LockOutlined,
  password: LockOutlined,
  question: QuestionCircleOutlined,
  search: SearchOutlined,
  list: UnorderedListOutlined,
  date: CalendarOutlined,
  time: ClockCircleOutlined,
  download: DownloadOutlined,
  international: TranslationOutlined,
  language: TranslationOutlined,
  bug: BugOutlined,
  component: AppstoreOutlined,
  library: FolderOpenOutlined,
  explorer: FolderOpenOutlined,
  document: FileTextOutlined,
  topic: ProfileOutlined,
  project: ProjectOutlined,
  release: DeploymentUnitOutlined,
  plan: ScheduleOutlined,
  task: SolutionOutlined,
  workflow: BranchesOutlined,
  review: AuditOutlined,
  publish: SendOutlined,
  graphic: FileImageOutlined,
  video: VideoCameraOutlined,
  tag: TagsOutlined,
  regulation: SafetyCertificateOutlined,
  compliance: SafetyCertificateOutlined,
  report: FileDoneOutlined,
  organization: ClusterOutlined,
  template: FormOutlined,
  desktop: DesktopOutlined,
  comment: MessageOutlined,
};

/** Icons picked in the Menus screen are antd names ("RocketOutlined"). */
const ANTD_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;
let antdIcons: Promise<Record<string, unknown>> | null = null;

/** An antd icon by name: the whole set is one lazy chunk (shared with the Menus screen's icon picker), loaded on first use. */
function AntdIcon({ name }: { name: string }) {
  const [Icon, setIcon] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    antdIcons ??= import('./antd-icons').then((m) => m as unknown as Record<string, unknown>);
    antdIcons.then((icons) => {
      const found = icons[name];
      if (live) setIcon(() => (found ? (found as ComponentType) : AppstoreOutlined));
    });
    return () => {
      live = false;
    };
  }, [name]);
  return Icon ? <Icon /> : <AppstoreOutlined />;
}

export function MenuIcon({ name }: { name: string | undefined }) {
  if (!name || name === '#') return null;
  const Icon = ICONS[name];
  if (Icon) return <Icon />;
  return ANTD_NAME.test(name) ? <AntdIcon name={name} /> : <AppstoreOutlined />;
}
