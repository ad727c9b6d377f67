import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { PostBody, PostFilter, PostQuery, PostUpdate } from '@ccms/contracts/system/post';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysPost } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { postColumns } from './post.excel';
import { allPosts, filteredPosts, findClash, findPost, listPosts, postsInUse } from './post.queries';

export function postService(db: Db) {
  async function assertUnique(body: PostBody, exceptId?: number) {
    if (await findClash(db, 'postName', body.postName, exceptId)) throw badRequest('post.nameExists', { name: body.postName });
    if (await findClash(db, 'postCode', body.postCode, exceptId)) throw badRequest('post.codeExists', { code: body.postCode });
  }

  return {
    list: (q: PostQuery) => listPosts(db, q),
    export: async (q: PostFilter, lang: Language) => toXlsx(translate(lang, 'post.excel.sheet'), postColumns(lang), await filteredPosts(db, q), lang),
    options: () => allPosts(db),
    async get(postId: number) {
      const post = await findPost(db, postId);
      if (!post) throw notFound('notFound.row', { what: `post ${postId}` });
      return post;
    },
    async create(auth: AuthContext, body: PostBody) {
      await assertUnique(body);
      await db.insert(sysPost).values({ ...body, remark: body.remark ?? '', createBy: auth.userName });
    },
    async update(auth: AuthContext, body: PostUpdate) {
      if (!(await findPost(db, body.postId))) throw notFound('notFound.row', { what: `post ${body.postId}` });
      await assertUnique(body, body.postId);
      const { postId, ...fields } = body;
      await db
        .update(sysPost)
        .set({ ...fields, remark: fields.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
        .where(eq(sysPost.postId, postId));
    },
    async remove(postIds: number[]) {
      const [used] = await postsInUse(db, postIds);
      if (used) throw badRequest('post.inUse', { name: used.postName });
      await db.delete(sysPost).where(inArray(sysPost.postId, postIds));
    },
  };
}
