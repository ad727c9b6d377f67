import { defineConfig } from 'vitest/config';
import { ISOLATED, webTest } from './vitest.config';

export default defineConfig({ test: { ...webTest, name: 'web-isolated', include: ISOLATED } });
