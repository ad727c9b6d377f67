import type { Abilities } from '@ccms/contracts/grants';
import type { Project } from '@ccms/contracts/work/project';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { ProjectStatusSwitch } from './ProjectStatusSwitch';

beforeAll(async () => {
  await i18n.loadNamespaces(['project']);
});
beforeEach(() => useSession.setState({ roles: ['editor'], permissions: ['ccms:project:edit'] }));

const none: Abilities = { read: false, write: false, configure: false, remove: false, grantOwner: false };
const project = (abilities: Abilities, myLevel: Project['myLevel']) =>
  // The switch reads only these fields of the project.
  ({ id: 1, title: 'P', status: '0', myLevel, abilities }) as Project;
const toggle = () => screen.getByRole('switch') as HTMLButtonElement;

describe('<ProjectStatusSwitch>', () => {
  it('opens and closes the project only for a caller whose abilities configure it', () => {
    render(
      <App>
        <ProjectStatusSwitch project={project({ ...none, read: true, write: true, configure: true, remove: true }, 'admin')} onChanged={() => undefined} />
      </App>,
    );
    expect(toggle().disabled).toBe(false);
  });

  it('follows the abilities, not the level text', () => {
    // A level that would configure, with abilities that do not: the switch stays off limits.
    render(
      <App>
        <ProjectStatusSwitch project={project({ ...none, read: true, write: true }, 'owner')} onChanged={() => undefined} />
      </App>,
    );
    expect(toggle().disabled).toBe(true);
  });

  it('needs the edit permission too', () => {
    useSession.setState({ roles: ['editor'], permissions: [] });
    render(
      <App>
        <ProjectStatusSwitch project={project({ ...none, read: true, write: true, configure: true, remove: true }, 'owner')} onChanged={() => undefined} />
      </App>,
    );
    expect(toggle().disabled).toBe(true);
  });
});
