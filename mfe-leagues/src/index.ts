// The async boundary: shared singletons (react, @yoman/ui, …) are negotiated before bootstrap runs.
import('./bootstrap');
