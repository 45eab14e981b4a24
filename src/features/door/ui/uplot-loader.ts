// uPlot and its stylesheet as one chunk, fetched only when a night's chart is drawn (admin
// screens): no page imports this module statically, so no public page's JavaScript grows.
import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';

export default uPlot;
