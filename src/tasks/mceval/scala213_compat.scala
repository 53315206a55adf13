// McEval's Scala programs run on Scala 3 with the 2.13 collections library; passk's Scala is 2.11.
// This shim gives 2.11's mutable collections the two 2.13 Growable methods McEval's Scala/5
// reference uses (addOne, addAll), doing what 2.11's += and ++= do; scala.ts puts it before the
// candidate. No placeholders.

object McevalScala213 {
  implicit class McevalGrowable[A](growable: scala.collection.generic.Growable[A]) {
    def addOne(elem: A): scala.collection.generic.Growable[A] = growable += elem
    def addAll(elems: TraversableOnce[A]): scala.collection.generic.Growable[A] = growable ++= elems
  }
}
import McevalScala213._
