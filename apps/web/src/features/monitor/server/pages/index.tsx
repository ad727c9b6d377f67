import type { ServerInfo } from '@ccms/contracts/monitor/server';
import { Card, Col, Progress, Row, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime, formatBytes } from '../../../../shared/format';
import { KeyValues, MonitorHead, MonitorLoading } from '../../monitor-parts';
import { useDuration } from '../../use-duration';
import { useServerInfo } from '../server-queries';

type Disk = ServerInfo['sysFiles'][number];

/** Usage colour: calm under 60 %, warning to 80 %, alarm above. */
const usageColor = (percent: number) => (percent >= 80 ? '#f5222d' : percent >= 60 ? '#faad14' : undefined);

function Gauge({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="monitor-gauge">
      <Progress
        type="dashboard"
        percent={Math.round(percent * 10) / 10}
        size={110}
        strokeColor={usageColor(percent)}
        format={(p) => `${p ?? 0}%`}
        status="normal"
      />
      <span>{label}</span>
    </div>
  );
}

/** Server monitor (RuoYi monitor/server/index) over GET /monitor/server: CPU, memory, host, Node.js runtime, disks. */
export default function ServerPage() {
  const { t } = useTranslation('monitor');
  const duration = useDuration();
  const info = useServerInfo();
  const data = info.data;

  if (!data) return <MonitorLoading query={info} />;

  const { cpu, mem, runtime, sys, sysFiles } = data;
  const pct = (n: number) => `${n.toFixed(2)} %`;
  const heapFree = Math.max(0, runtime.heapTotal - runtime.heapUsed);

  const diskColumns = [
    { key: 'dirName', dataIndex: 'dirName', title: t('server.dirName'), render: (v: string) => <span className="monitor-mono">{v}</span> },
    { key: 'typeName', dataIndex: 'sysTypeName', title: t('server.typeName') },
    { key: 'total', dataIndex: 'totalBytes', title: t('server.total'), render: formatBytes },
    { key: 'free', dataIndex: 'freeBytes', title: t('server.free'), render: formatBytes },
    { key: 'used', dataIndex: 'usedBytes', title: t('server.used'), render: formatBytes },
    {
      key: 'usage',
      dataIndex: 'usage',
      title: t('server.usage'),
      width: 200,
      render: (v: number) => <Progress percent={Math.round(v * 10) / 10} size="small" strokeColor={usageColor(v)} />,
    },
  ];

  return (
    <div className="monitor-page">
      <MonitorHead query={info} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('server.cpu')} className="monitor-card">
            <div className="monitor-gauges">
              <Gauge percent={cpu.used + cpu.sys} label={t('server.usage')} />
            </div>
            <KeyValues
              rows={[
                [t('server.cpuNum'), cpu.cpuNum],
                [t('server.cpuModel'), cpu.model],
                [t('server.cpuUsed'), pct(cpu.used)],
                [t('server.cpuSys'), pct(cpu.sys)],
                [t('server.cpuWait'), pct(cpu.wait)],
                [t('server.cpuFree'), pct(cpu.free)],
                [t('server.loadAverage'), cpu.loadAverage.map((n) => n.toFixed(2)).join(' / ')],
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('server.memory')} className="monitor-card">
            <div className="monitor-gauges">
              <Gauge percent={mem.usage} label={t('server.hostMemory')} />
              <Gauge percent={runtime.heapUsage} label={t('server.processMemory')} />
            </div>
            <table className="monitor-kv">
              <thead>
                <tr>
                  <th scope="col">{t('server.property')}</th>
                  <th scope="col">{t('server.hostMemory')}</th>
                  <th scope="col">{t('server.processMemory')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('server.totalMemory')}</th>
                  <td>{formatBytes(mem.totalBytes)}</td>
                  <td>{formatBytes(runtime.heapTotal)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('server.usedMemory')}</th>
                  <td>{formatBytes(mem.usedBytes)}</td>
                  <td>{formatBytes(runtime.heapUsed)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('server.freeMemory')}</th>
                  <td>{formatBytes(mem.freeBytes)}</td>
                  <td>{formatBytes(heapFree)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('server.usage')}</th>
                  <td>{pct(mem.usage)}</td>
                  <td>{pct(runtime.heapUsage)}</td>
                </tr>
              </tbody>
            </table>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('server.serverInfo')} className="monitor-card">
            <KeyValues
              rows={[
                [t('server.computerName'), sys.computerName],
                [t('server.computerIp'), sys.computerIp],
                [t('server.osName'), sys.osName],
                [t('server.osArch'), sys.osArch],
                [t('server.hostUptime'), duration(sys.uptime)],
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('server.runtime')} className="monitor-card">
            <KeyValues
              rows={[
                [t('server.runtimeName'), `${runtime.name} ${runtime.version}`],
                [t('server.pid'), runtime.pid],
                [t('server.startTime'), dateTime(runtime.startTime)],
                [t('server.uptime'), duration(runtime.uptime)],
                [t('server.rss'), formatBytes(runtime.rss)],
                [t('server.external'), formatBytes(runtime.external)],
              ]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('server.environment')} className="monitor-card">
            <KeyValues
              rows={[
                [
                  t('server.execPath'),
                  <span key="execPath" className="monitor-mono">
                    {runtime.execPath}
                  </span>,
                ],
                [
                  t('server.userDir'),
                  <span key="userDir" className="monitor-mono">
                    {sys.userDir}
                  </span>,
                ],
                [
                  t('server.inputArgs'),
                  <Tooltip key="inputArgs" title={runtime.inputArgs.join(' ')}>
                    <span className="monitor-mono">{runtime.inputArgs.join(' ') || '-'}</span>
                  </Tooltip>,
                ],
              ]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('server.disk')} className="monitor-card">
            <Table<Disk> rowKey="dirName" size="small" pagination={false} columns={diskColumns} dataSource={sysFiles} scroll={{ x: 'max-content' }} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
