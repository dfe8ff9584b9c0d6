import { BellIcon } from '@yoman/ui';
import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../remotes/remoteModule';
import { audienceOf, orderedMenu, STUDENT_MENU_ORDER } from './navigation';

const entry = (path: string, audience: MenuEntry['audience'] = 'student'): MenuEntry => ({
  path,
  label: path,
  icon: BellIcon,
  audience,
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
