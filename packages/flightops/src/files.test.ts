import { describe, expect, it } from 'vitest';
import { flightopsFiles } from './files.js';

describe('flightopsFiles', () => {
  it('reads each role of the profile from the path', () => {
    expect(flightopsFiles.roleOf('fcom/du/DU-21-001.xml')).toBe('unit');
    expect(flightopsFiles.roleOf('du/DU-1.XML')).toBe('unit');
    expect(flightopsFiles.roleOf('fcom/psl.xml')).toBe('document');
    expect(flightopsFiles.roleOf('fleet.xml')).toBe('rules');
    expect(flightopsFiles.roleOf('fcom/highlights.xml')).toBe('list');
    expect(flightopsFiles.roleOf('fcom/graphics/logo.png')).toBe('resource');
    expect(flightopsFiles.roleOf('fcom/notes.xml')).toBe('other');
    expect(flightopsFiles.roleOf('README.md')).toBe('other');
  });
  it("names of other standards are not the profile's", () => {
    expect(flightopsFiles.roleOf('maps/guide.ditamap')).toBe('other');
    expect(flightopsFiles.isSource('maps/guide.ditamap')).toBe(false);
    expect(flightopsFiles.isSource('fcom/notes.xml')).toBe(true);
    expect(flightopsFiles.isSource('fcom/graphics/logo.png')).toBe(false);
  });
});
