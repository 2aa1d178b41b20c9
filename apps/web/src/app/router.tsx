export function AppRouter() {
  return <div className="p-8">Holdfast</div>;
}
