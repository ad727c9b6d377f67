import { TagBody } from '@ccms/contracts/content/tag';
import { PostBody } from '@ccms/contracts/system/post';
import type { RuleItem } from '@rc-component/async-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredRule, zodMaxLength, zodRules } from './zod-rules';

/** Runs the rules the way antd's Form does (async-validator), returning the first message or null. */
async function check(rules: ReturnType<typeof zodRules>, value: unknown): Promise<string | null> {
  const { default: Schema } = await import('@rc-component/async-validator');
  // antd's rule type allows React messages; these are strings, as async-validator wants.
  const validator = new Schema({ field: rules as unknown as RuleItem[] });
  try {
    await validator.validate({ field: value });
    return null;
  } catch (failure) {
    const errors = (failure as { errors?: { message: string }[] }).errors ?? [];
    return errors[0]?.message ?? 'failed';
  }
}

describe('form rules from the contract', () => {
  it("a field the server requires outside the schema says so in the server's words", async () => {
    expect(await check([requiredRule('Route', 'en')], ' ')).toBe('Route is required');
    expect(await check([requiredRule('路由地址', 'zh')], '')).toBe('路由地址不能为空');
    expect(await check([requiredRule('Route', 'en')], 'x')).toBeNull();
  });

  it("the tag's name: required, at most 64 characters, in the server's words", async () => {
    const rules = zodRules(TagBody, 'tagName', 'Name', {}, 'en');
    expect(await check(rules, '')).toBe('Name is required');
    expect(await check(rules, '   ')).toBe('Name is required');
    expect(await check(rules, 'x'.repeat(65))).toBe('Name must be at most 64 characters');
    expect(await check(rules, 'x'.repeat(64))).toBeNull();
    expect(zodMaxLength(TagBody, 'tagName')).toBe(64);
  });

  it("a defaulted field is optional; the colour's regex comes along", async () => {
    const rules = zodRules(TagBody, 'color', '颜色', {}, 'zh');
    expect(await check(rules, '')).toBeNull();
    expect(await check(rules, '#12345G')).toBe('颜色格式不正确');
    expect(await check(rules, '#12ab9f')).toBeNull();
    expect(zodMaxLength(TagBody, 'remark')).toBe(500);
  });

  it('numbers: positive ints start at 1, max is inclusive; enums list their values', async () => {
    const schema = z.object({
      sort: z.number().int().positive().max(9999),
      status: z.enum(['0', '1']),
      note: z.string().max(3).nullable().optional(),
      tags: z.array(z.number()),
    });
    const sort = zodRules(schema, 'sort', 'Order', {}, 'en');
    expect(await check(sort, undefined)).toBe('Order is required');
    expect(await check(sort, 0)).toBe('Order must not be less than 1');
    expect(await check(sort, 10000)).toBe('Order must not be greater than 9999');
    expect(await check(sort, 9999)).toBeNull();
    expect(await check(zodRules(schema, 'status', 'Status', {}, 'en'), '2')).toBe('Status must be one of: 0, 1');
    const note = zodRules(schema, 'note', 'Note', {}, 'en');
    expect(await check(note, undefined)).toBeNull();
    expect(await check(note, 'abcd')).toBe('Note must be at most 3 characters');
    expect(await check(zodRules(schema, 'tags', 'Tags', {}, 'en'), [])).toBe('Tags is required');
    expect(await check(zodRules(schema, 'tags', 'Tags', {}, 'en'), [1])).toBeNull();
  });

  it('posts: a coerced sort number keeps its range, the code its length', async () => {
    expect(await check(zodRules(PostBody, 'postSort', '显示顺序', {}, 'zh'), -1)).toBe('显示顺序不能小于0');
    expect(await check(zodRules(PostBody, 'postSort', '显示顺序', {}, 'zh'), 9999)).toBeNull();
    expect(await check(zodRules(PostBody, 'postCode', 'Code', {}, 'en'), 'x'.repeat(65))).toBe('Code must be at most 64 characters');
    expect(await check(zodRules(PostBody, 'remark', 'Remark', {}, 'en'), undefined)).toBeNull();
  });
});
