/** API manual page permission: the seeded menu grants it (the manual itself needs only a session). */
export const SwaggerPerm = {
  list: 'tool:swagger:list',
} as const;
