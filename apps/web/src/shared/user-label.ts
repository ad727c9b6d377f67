/** How every user picker names a user: "name (username)", or the user name alone when there is no other name. */
export function userLabel(u: { nickName?: string | null; userName: string }): string {
  const name = u.nickName?.trim();
  return name && name !== u.userName ? `${name} (${u.userName})` : u.userName;
}
