const fs=require('fs');
const resume=JSON.parse(fs.readFileSync('node_modules/resume-schema/sample.resume.json','utf8'));
for (const t of ['stackoverflow','macchiato','elegant']) {
  try { const m=require('jsonresume-theme-'+t); Promise.resolve(m.render(resume)).then(h=>{fs.writeFileSync(t+'.html',h); console.log(t, h.length);}).catch(e=>console.log(t,'ERR',e.message)); } catch(e){ console.log(t,'ERR',e.message); }
}
