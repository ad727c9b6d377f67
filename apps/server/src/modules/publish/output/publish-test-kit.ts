/** The publish tests' kit: kept in test/outputs.ts, below the areas, as content tests publish too. */
export { outputFinished } from '../../../../test/outputs';
