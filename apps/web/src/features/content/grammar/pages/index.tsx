import { GrammarList } from '../components/GrammarList';

/** Grammar packages (menu component ccms/grammar/index). */
export default function GrammarPage() {
  return <GrammarList />;
}
