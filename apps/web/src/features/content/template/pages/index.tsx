import { TemplateList } from '../components/TemplateList';

/** Topic and map templates (menu component ccms/template/index). */
export default function TemplatePage() {
  return <TemplateList />;
}
