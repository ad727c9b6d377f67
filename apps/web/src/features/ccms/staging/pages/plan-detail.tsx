/** The spec's plan detail route (/ccms/staging/planDetail) shows the plan feature's detail page. */
export { default } from '../../plan/pages/detail';
