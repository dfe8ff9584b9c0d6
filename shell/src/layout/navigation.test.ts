import { BellIcon } from '@yoman/ui';
import { describe, expect, it } from 'vitest';
import { remotes } from '../../../remotes.config.mjs';
import {
  audienceOf,
  MENU_ICONS,
  type MenuEntry,
  orderedMenu,
  remoteMenuEntries,
  STUDENT_MENU_ORDER,
} from './navigation';

const entry = (path: string, audience: MenuEntry['audience'] = 'student'): MenuEntry => ({
  path,
  label: path,
  icon: BellIcon,
  audience,
});

describe('remoteMenuEntries', () => {
  it('draws every link of the registry with the icon it names', () => {
    const links = remotes.flatMap(({ menu }) => menu);
    const unknown = links
      .filter(({ icon }) => !(icon in MENU_ICONS))
      .map(({ path, icon }) => `${path}: ${icon}`);
    expect(unknown).toEqual([]);
    const entries = remoteMenuEntries(remotes);
    expect(entries.map(({ path }) => path)).toEqual(links.map(({ path }) => path));
    expect(entries.find(({ path }) => path === '/leagues')?.icon).toBe(MENU_ICONS.trophy);
  });

  it('gives a link whose icon the shell does not know a plain icon instead of failing the menu', () => {
    const [entry] = remoteMenuEntries([
      {
        name: 'help',
        prefixes: ['/help'],
        menu: [{ path: '/help', label: 'עזרה', icon: 'lifebuoy', audience: 'student' }],
      },
    ]);
    expect(entry?.icon).toBe(MENU_ICONS.book);
  });
});

describe('orderedMenu', () => {
  it('puts the entries of every remote in the spec order, whatever order they arrived in', () => {
    const arrived = [...STUDENT_MENU_ORDER].reverse().map((path) => entry(path));
    expect(orderedMenu(arrived, 'student').map((e) => e.path)).toEqual([...STUDENT_MENU_ORDER]);
  });

  it('keeps one entry per path, only for the audience asked for, unknown paths last', () => {
    const menu = orderedMenu(
      [entry('/extra'), entry('/calendar'), entry('/calendar'), entry('/mentor', 'mentor'), entry('/')],
      'student',
    );
    expect(menu.map((e) => e.path)).toEqual(['/', '/calendar', '/extra']);
  });

  it('gives mentors the organisation menu and any other role the student menu', () => {
    expect(audienceOf('mentor')).toBe('mentor');
    expect(audienceOf('student')).toBe('student');
    expect(audienceOf('owner')).toBe('student');
  });
});
